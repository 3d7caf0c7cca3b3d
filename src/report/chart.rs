//! Line charts as inline SVG text: no script, no font, no link, so the report stays one
//! self-contained file that a phone or a printer shows as it is.

use super::escape::escape;
use std::fmt::Write;

/// Each side's colour and dash, in the order of sides: told apart in grey print too.
const INKS: [(&str, &str); 4] = [
    ("#1f4e9c", ""),
    ("#b3261e", "7 4"),
    ("#2e7d32", "2 3"),
    ("#7b1fa2", "9 3 2 3"),
];

const WIDTH: f64 = 480.0;
const HEIGHT: f64 = 250.0;
const LEFT: f64 = 44.0;
const RIGHT: f64 = 14.0;
const TOP: f64 = 46.0;
const BOTTOM: f64 = 28.0;
/// More labels than this under the x axis would overlap; every n-th is drawn.
const MOST_X_LABELS: usize = 10;

pub struct LineChart<'a> {
    pub title: &'a str,
    pub x_labels: &'a [String],
    /// The bottom of the y axis; values below it are drawn at the bottom.
    pub y_min: f64,
    /// The top of the y axis; values above it are drawn at the top.
    pub y_max: f64,
    pub y_unit: &'a str,
    pub lines: Vec<Line<'a>>,
    /// Dashed level lines with their labels, such as an army's breaking point.
    pub guides: Vec<(f64, String)>,
}

pub struct Line<'a> {
    pub label: &'a str,
    pub values: Vec<f64>,
    /// The side's colour from the scenario (`#rrggbb`, checked there), over the chart's.
    pub colour: Option<&'a str>,
}

impl LineChart<'_> {
    fn x(&self, index: usize) -> f64 {
        let plot = WIDTH - LEFT - RIGHT;
        match self.x_labels.len() {
            0 | 1 => LEFT + plot / 2.0,
            n => {
                LEFT + plot * f64::from(u32::try_from(index).unwrap_or(u32::MAX))
                    / f64::from(u32::try_from(n - 1).unwrap_or(u32::MAX))
            }
        }
    }

    fn y(&self, value: f64) -> f64 {
        let plot = HEIGHT - TOP - BOTTOM;
        let range = self.y_max - self.y_min;
        let share = if range > 0.0 {
            ((value - self.y_min) / range).clamp(0.0, 1.0)
        } else {
            0.0
        };
        TOP + plot * (1.0 - share)
    }

    /// The chart as an `<svg>` element that scales to its container's width.
    pub fn svg(&self) -> String {
        let title = escape(self.title);
        let mut svg = format!(
            "<svg class=\"chart\" viewBox=\"0 0 {WIDTH} {HEIGHT}\" role=\"img\" \
             aria-label=\"{title}\">\
             <title>{title}</title>"
        );
        let _ = write!(
            svg,
            "<text class=\"chart-title\" x=\"{LEFT}\" y=\"16\">{title}</text>"
        );
        self.legend(&mut svg);
        self.axes(&mut svg);
        for (value, label) in &self.guides {
            let y = self.y(*value);
            let _ = write!(
                svg,
                "<line class=\"guide\" x1=\"{LEFT}\" y1=\"{y:.1}\" x2=\"{:.1}\" y2=\"{y:.1}\"/>\
                 <text class=\"guide-label\" x=\"{:.1}\" y=\"{:.1}\">{}</text>",
                WIDTH - RIGHT,
                // At the left, where the lines still run low: the battle's end is where
                // they reach it.
                LEFT + 4.0,
                y - 4.0,
                escape(label)
            );
        }
        for (line, &(ink, dash)) in self.lines.iter().zip(INKS.iter().cycle()) {
            let colour = line.colour.unwrap_or(ink);
            let points: Vec<String> = line
                .values
                .iter()
                .enumerate()
                .map(|(i, v)| format!("{:.1},{:.1}", self.x(i), self.y(*v)))
                .collect();
            let dash = if dash.is_empty() {
                String::new()
            } else {
                format!(" stroke-dasharray=\"{dash}\"")
            };
            let _ = write!(
                svg,
                "<polyline fill=\"none\" stroke=\"{colour}\" stroke-width=\"2.5\"{dash} \
                 points=\"{}\"><title>{}</title></polyline>",
                points.join(" "),
                escape(line.label)
            );
            for point in &points {
                let (x, y) = point.split_once(',').unwrap_or(("0", "0"));
                let _ = write!(
                    svg,
                    "<circle cx=\"{x}\" cy=\"{y}\" r=\"3\" fill=\"{colour}\"/>"
                );
            }
        }
        svg.push_str("</svg>");
        svg
    }

    fn legend(&self, svg: &mut String) {
        let mut x = LEFT;
        for (line, &(ink, dash)) in self.lines.iter().zip(INKS.iter().cycle()) {
            let colour = line.colour.unwrap_or(ink);
            let _ = write!(
                svg,
                "<line x1=\"{x:.1}\" y1=\"31\" x2=\"{:.1}\" y2=\"31\" stroke=\"{colour}\" \
                 stroke-width=\"3\" stroke-dasharray=\"{dash}\"/>\
                 <text class=\"legend\" x=\"{:.1}\" y=\"35\">{}</text>",
                x + 22.0,
                x + 27.0,
                escape(line.label)
            );
            // Wide enough for a name of about twenty letters.
            x += 40.0 + 8.0 * f64::from(u32::try_from(line.label.chars().count()).unwrap_or(20));
        }
    }

    fn axes(&self, svg: &mut String) {
        let bottom = HEIGHT - BOTTOM;
        let _ = write!(
            svg,
            "<line class=\"axis\" x1=\"{LEFT}\" y1=\"{TOP}\" x2=\"{LEFT}\" y2=\"{bottom}\"/>\
             <line class=\"axis\" x1=\"{LEFT}\" y1=\"{bottom}\" x2=\"{:.1}\" y2=\"{bottom}\"/>",
            WIDTH - RIGHT
        );
        for tick in [0.0, 0.5, 1.0] {
            let value = self.y_min + (self.y_max - self.y_min) * tick;
            let y = self.y(value);
            let _ = write!(
                svg,
                "<line class=\"grid\" x1=\"{LEFT}\" y1=\"{y:.1}\" x2=\"{:.1}\" y2=\"{y:.1}\"/>\
                 <text class=\"tick\" x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"end\">{value:.0}{}</text>",
                WIDTH - RIGHT,
                LEFT - 4.0,
                y + 4.0,
                escape(self.y_unit)
            );
        }
        let every = self.x_labels.len().div_ceil(MOST_X_LABELS).max(1);
        let last = self.x_labels.len().saturating_sub(1);
        for (i, label) in self.x_labels.iter().enumerate() {
            // The last point is always labelled: it is where the battle stands.
            if i % every != 0 && i != last {
                continue;
            }
            let _ = write!(
                svg,
                "<text class=\"tick\" x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"middle\">{}</text>",
                self.x(i),
                bottom + 18.0,
                escape(label)
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn labels(n: usize) -> Vec<String> {
        (0..n).map(|i| format!("T{i}")).collect()
    }

    /// Each polyline's points as (x, y) pairs.
    fn polylines(svg: &str) -> Vec<Vec<(f64, f64)>> {
        svg.split("<polyline")
            .skip(1)
            .map(|rest| {
                let points = rest.split("points=\"").nth(1).unwrap();
                let points = &points[..points.find('"').unwrap()];
                points
                    .split(' ')
                    .map(|p| {
                        let (x, y) = p.split_once(',').unwrap();
                        (x.parse().unwrap(), y.parse().unwrap())
                    })
                    .collect()
            })
            .collect()
    }

    fn chart<'a>(x_labels: &'a [String], lines: Vec<Line<'a>>) -> LineChart<'a> {
        LineChart {
            title: "Figures in play",
            x_labels,
            y_min: 0.0,
            y_max: 160.0,
            y_unit: "",
            lines,
            guides: Vec::new(),
        }
    }

    #[test]
    fn a_line_has_a_point_per_label_spread_across_the_plot() {
        let x_labels = labels(5);
        let svg = chart(
            &x_labels,
            vec![
                Line {
                    label: "French",
                    colour: None,
                    values: vec![158.0, 150.0, 140.0, 120.0, 100.0],
                },
                Line {
                    label: "Allies",
                    colour: None,
                    values: vec![158.0, 158.0, 130.0, 129.0, 80.0],
                },
            ],
        )
        .svg();
        let lines = polylines(&svg);
        assert_eq!(lines.len(), 2);
        assert!(lines.iter().all(|l| l.len() == 5));
        assert_eq!(svg.matches("<circle").count(), 10);
        // First at the y axis, last at the right edge, evenly spaced.
        let xs: Vec<f64> = lines[0].iter().map(|p| p.0).collect();
        assert_eq!(xs, [44.0, 149.5, 255.0, 360.5, 466.0]);
    }

    #[test]
    fn values_scale_from_zero_at_the_bottom_to_the_maximum_at_the_top() {
        let x_labels = labels(3);
        let svg = chart(
            &x_labels,
            vec![Line {
                label: "French",
                colour: None,
                values: vec![160.0, 80.0, 0.0],
            }],
        )
        .svg();
        let ys: Vec<f64> = polylines(&svg)[0].iter().map(|p| p.1).collect();
        // The plot runs from y 46 (the maximum) down to 222 (zero).
        assert_eq!(ys, [TOP, (TOP + HEIGHT - BOTTOM) / 2.0, HEIGHT - BOTTOM]);
        assert!(svg.contains(">160</text>") && svg.contains(">80</text>"));
    }

    #[test]
    fn an_axis_from_below_the_fewest_shows_a_few_figures_lost() {
        // 158 down to 154 on an axis from 150 to 160: 158 sits a fifth below the top,
        // 155 in the middle, and the ticks read 150, 155 and 160.
        let x_labels = labels(3);
        let mut narrow = chart(
            &x_labels,
            vec![Line {
                label: "French",
                colour: None,
                values: vec![158.0, 155.0, 150.0],
            }],
        );
        narrow.y_min = 150.0;
        let svg = narrow.svg();
        let ys: Vec<f64> = polylines(&svg)[0].iter().map(|p| p.1).collect();
        let plot = HEIGHT - TOP - BOTTOM;
        assert_eq!(ys, [TOP + plot * 0.2, TOP + plot / 2.0, HEIGHT - BOTTOM]);
        for tick in [">150</text>", ">155</text>", ">160</text>"] {
            assert!(svg.contains(tick), "{tick} missing");
        }
    }

    #[test]
    fn a_single_point_sits_in_the_middle_and_guides_are_drawn_at_their_level() {
        let x_labels = labels(1);
        let mut one = chart(
            &x_labels,
            vec![Line {
                label: "French",
                colour: None,
                values: vec![40.0],
            }],
        );
        one.y_max = 100.0;
        one.guides = vec![(50.0, "breaks <here>".to_owned())];
        let svg = one.svg();
        assert_eq!(polylines(&svg)[0], [(255.0, 46.0 + 176.0 * 0.6)]);
        assert!(
            svg.contains("y1=\"134.0\" x2=\"466.0\" y2=\"134.0\""),
            "{svg}"
        );
        assert!(svg.contains("breaks &lt;here&gt;"));
    }

    #[test]
    fn many_turns_label_every_other_point_and_always_the_last() {
        let x_labels = labels(14);
        let svg = chart(
            &x_labels,
            vec![Line {
                label: "French",
                colour: None,
                values: vec![1.0; 14],
            }],
        )
        .svg();
        assert_eq!(polylines(&svg)[0].len(), 14);
        assert!(svg.contains(">T0<") && svg.contains(">T2<") && svg.contains(">T13<"));
        assert!(!svg.contains(">T1<") && !svg.contains(">T11<"));
    }
}
