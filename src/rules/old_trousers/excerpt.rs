//! What the excerpt holds and where it stops, so the app can say plainly which rules it
//! cannot resolve. The excerpt carries the rulebook's table of contents (p2-6), so the
//! missing sections are known by name and page.

/// The excerpt's last rules page and where on it the text ends.
pub const STOPS_AT: &str = "page 22, Charges: Defenders Reaction, after a fleeing battery's gunners \
     (ends pointing to Melee Combat: Attached Artillery, p28)";

/// The sections present, by heading and page, in rulebook order.
pub const PRESENT: [(&str, u8); 46] = [
    ("Rules Philosophy", 7),
    ("Scale", 7),
    ("Basing", 7),
    ("Equipment", 8),
    ("Troop Ratings", 8),
    ("Army Organization", 8),
    ("Cavalry Battle Groups", 8),
    ("Sequence of Play", 9),
    ("Initiative Phase", 9),
    ("Random Event Phase", 10),
    ("Commanders", 11),
    ("Commanders: Ratings", 11),
    ("Commanders: Command Range", 11),
    ("Commanders: Attachment & Casualties", 11),
    ("Orders: Out of Command", 12),
    ("Orders", 12),
    ("Order Activation", 13),
    ("Command Points", 13),
    ("Movement: Sequence", 14),
    ("Movement: Forward Movement, Facing, & Flanks", 14),
    ("Movement: About Face", 14),
    ("Movement: Facing Change", 14),
    ("Movement: Oblique & Retrograde", 14),
    ("Movement: Cavalry", 14),
    ("Movement: Artillery", 14),
    ("Movement: Commanders", 15),
    ("Movement: Formations", 15),
    ("Movement: Formation Changes", 15),
    ("Movement: Rates", 15),
    ("Movement: Terrain Effects", 16),
    ("Movement: Operational", 17),
    ("Movement: Interpenetration", 17),
    ("Movement: Charges", 17),
    ("Movement: Routs", 17),
    ("Disorder", 18),
    ("Fire Combat: Sequence", 18),
    ("Fire Combat: Musketry", 18),
    ("Fire Combat: Artillery", 20),
    ("Fire Combat: Flank Fire by Artillery", 20),
    ("Fire Combat: Artillery Bounce Through", 21),
    ("Fire Combat: Opportunity Fire", 21),
    ("Fire Combat: Visibility", 21),
    ("Charges: General Rules", 21),
    ("Charges: Sequence", 21),
    ("Charges: Flank Attacks", 22),
    ("Charges: Defenders Reaction (to p22's end)", 22),
];

/// Something the excerpt calls for that it does not give.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Gap {
    pub name: &'static str,
    /// The page the table of contents gives, when it names the section.
    pub page: Option<u8>,
    /// Where the excerpt relies on it.
    pub called_for_by: &'static str,
}

pub const GAPS: [Gap; 18] = [
    Gap {
        name: "Reaction Test",
        page: Some(24),
        called_for_by: "a standing defender changing face or formation, or firing point blank / in defence of the battery (p22); forming square (p18); disordered units may not take it (p18)",
    },
    Gap {
        name: "Charges: Charge Tests",
        page: Some(23),
        called_for_by: "the Charge Test Subsegment (p9) and the Charge Test Table; it stands in for the morale test of casualties taken while charging (p21-22)",
    },
    Gap {
        name: "Melee",
        page: Some(25),
        called_for_by: "the Melee Subsegment (p9); the charge modifiers +2/+5 (p21), commanders' tactical ratings (p11), disordered units' adverse modifiers (p18), a square losing to cavalry (p18), flank attacks (p22), attached artillery (p22, p28)",
    },
    Gap {
        name: "Breakthroughs",
        page: Some(28),
        called_for_by: "the Breakthrough Subsegment (p9); impetuous troops (p8)",
    },
    Gap {
        name: "Charges: Cavalry Recall, Cavalry Skirmishers, Cossacks & Irregular Cavalry, Opportunity Charges",
        page: Some(23),
        called_for_by: "opportunity charges allowed under every order and by out-of-command units (p12)",
    },
    Gap {
        name: "Blown Cavalry",
        page: Some(28),
        called_for_by: "cavalry after a charge",
    },
    Gap {
        name: "Morale Rating & Morale States",
        page: Some(29),
        called_for_by: "each unit's morale rating (p8), the Shaken state (p18), the Old Guard/superior/excellent and fair/poor fire modifiers (p19)",
    },
    Gap {
        name: "Morale Tests",
        page: Some(29),
        called_for_by: "the flank fire modifier in a morale test (p20); casualties from fire",
    },
    Gap {
        name: "Rallying Routed Units",
        page: Some(30),
        called_for_by: "the Rally Subsegment and the Rally order (p9, p12); recovering from shaken (p9)",
    },
    Gap {
        name: "Skirmishers",
        page: Some(31),
        called_for_by: "the skirmish rating (p8), skirmishers caught by cavalry (p17), screens for artillery (p20), organic skirmishers (p20)",
    },
    Gap {
        name: "Towns and Redoubts",
        page: Some(32),
        called_for_by: "the town fire modifier (p19), cavalry barred from town blocks (p16, p21)",
    },
    Gap {
        name: "Terrain",
        page: Some(29),
        called_for_by: "cover classes (light, medium, heavy) for the fire modifiers (p19)",
    },
    Gap {
        name: "British Infantry",
        page: Some(34),
        called_for_by: "British fire points (p18) may be qualified there",
    },
    Gap {
        name: "Optional rules (prebattle maneuver, variable troop quality, random corps commander, variable leader ability, impetuous troops, leader mobility, divisional morale)",
        page: Some(34),
        called_for_by: "commander movement (p15), impetuous troops (p8)",
    },
    Gap {
        name: "Army and troop lists",
        page: None,
        called_for_by: "staff ratings per nation (p10), subordinate commanders' ratings by nation (p11), who else may use attack column (p15), French allies that change formation quickly (p15), basing (p8)",
    },
    Gap {
        name: "Game charts",
        page: None,
        called_for_by: "the author's play-from-the-charts advice (p7)",
    },
    Gap {
        name: "Victory conditions",
        page: None,
        called_for_by: "the End of Turn Phase (p9): left to the scenario",
    },
    Gap {
        name: "Definitions and Illustrations",
        page: Some(36),
        called_for_by: "terms such as formed, flank zone, enfilade are defined in passing only",
    },
];

/// Look a gap up by the start of its name.
pub fn gap(name: &str) -> Option<&'static Gap> {
    GAPS.iter().find(|g| g.name.starts_with(name))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_reaction_test_and_melee_are_known_missing() {
        assert_eq!(gap("Reaction Test").and_then(|g| g.page), Some(24));
        assert_eq!(gap("Melee").and_then(|g| g.page), Some(25));
        assert!(gap("Fire Combat").is_none());
        assert_eq!(PRESENT.last().map(|p| p.1), Some(22));
        // The contents run in page order.
        assert!(PRESENT.windows(2).all(|w| w[0].1 <= w[1].1));
    }
}
