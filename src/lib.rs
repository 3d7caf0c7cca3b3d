//! Adjutant: a referee's battle manager for *Sound the Charge*.
