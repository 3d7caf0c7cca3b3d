fn main() {
    println!("Adjutant");
}
