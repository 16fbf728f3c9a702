//! The missed-wins options that `validate` and `explain` share: `--missed-wins[=vcf|vct]`,
//! `--max-depth N`, `--threat-depth T`, read into the analyzer's
//! [`renju_analyzer::missed::ScanLimits`].

use renju_analyzer::missed::ScanLimits;

/// Which passes of the missed-wins scan run.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, clap::ValueEnum)]
pub enum MissedPass {
    /// VCFs only (`missed-vcf`, `lost-with-vcf`): `--missed-wins` alone.
    Vcf,
    /// VCFs, then VCTs where there is no VCF (`missed-vct`, `lost-with-vct` besides).
    Vct,
}

/// `--missed-wins[=vcf|vct] [--max-depth N] [--threat-depth T]`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, clap::Args)]
pub struct MissedWinsArgs {
    /// Also look for missed wins: findings missed-vcf (the side to move had a VCF and its
    /// move starts none) and lost-with-vcf (no decisive end, declared lost by the side to
    /// move, which has a VCF). With =vct, also missed-vct and lost-with-vct: the same for a
    /// VCT (fours and threats) where there is no VCF; a VCT search whose budget runs out is
    /// the counted note vct-unknown. Every position of every game is solved.
    #[arg(
        long,
        value_name = "PASS",
        num_args = 0..=1,
        require_equals = true,
        default_missing_value = "vcf"
    )]
    pub missed_wins: Option<MissedPass>,
    /// The depth limit of --missed-wins: the VCF's fours, the final five not counted
    /// (default 20); with --missed-wins=vct the VCT's attacker moves (0 to 60, default 5;
    /// the VCF pass keeps its 20).
    #[arg(long, value_name = "N", requires = "missed_wins")]
    pub max_depth: Option<u32>,
    /// What a threat is for --missed-wins=vct (0 to 20, default 1): a move after which, if
    /// the defender passed, a VCF of at most T fours would win.
    #[arg(long, value_name = "T", requires = "missed_wins")]
    pub threat_depth: Option<u32>,
}

impl MissedWinsArgs {
    /// The limits of the scan asked for; `None` when no missed wins are looked for.
    ///
    /// # Errors
    /// `--threat-depth` without `--missed-wins=vct`, or a VCT limit out of range: the option
    /// and what is wrong with it.
    ///
    /// ```
    /// use corpus_tool::validate::missed_args::{MissedPass, MissedWinsArgs};
    /// let vct = MissedWinsArgs { missed_wins: Some(MissedPass::Vct), ..Default::default() };
    /// let l = vct.limits().unwrap().unwrap();
    /// assert_eq!((l.vcf.max_depth, l.vct.unwrap().max_depth), (20, 5));
    /// let vcf = MissedWinsArgs { missed_wins: Some(MissedPass::Vcf), threat_depth: Some(2), ..vct };
    /// assert!(vcf.limits().is_err());
    /// ```
    pub fn limits(&self) -> Result<Option<ScanLimits>, (&'static str, String)> {
        let Some(pass) = self.missed_wins else {
            return Ok(None);
        };
        let mut vcf = renju_vcf::Limits::default();
        match pass {
            MissedPass::Vcf => {
                if self.threat_depth.is_some() {
                    return Err((
                        "--threat-depth",
                        "only --missed-wins=vct takes a threat depth".to_string(),
                    ));
                }
                if let Some(d) = self.max_depth {
                    vcf.max_depth = d;
                }
                Ok(Some(ScanLimits::vcf(vcf)))
            }
            MissedPass::Vct => {
                let mut vct = renju_vct::Limits::default();
                if let Some(d) = self.max_depth {
                    vct = vct.with_max_depth(d);
                }
                if let Some(t) = self.threat_depth {
                    vct = vct.with_threat_depth(t);
                }
                vct.check().map_err(|e| {
                    let option = match e {
                        renju_vct::LimitsError::ThreatDepth(_) => "--threat-depth",
                        _ => "--max-depth",
                    };
                    (option, e.to_string())
                })?;
                Ok(Some(ScanLimits::vcf(vcf).with_vct(vct)))
            }
        }
    }
}
