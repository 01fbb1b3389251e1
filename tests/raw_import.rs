//! The importer's checks that hold for any raw Utopia data set, written
//! once: the project's own fixture (`tests/import_fixture.rs`, first tier)
//! and the real raw data (`tests/reference/import.rs`, reference tier) run
//! the same checks on their own cards.

use crate::import::tree;
use fleetcheck_dev::import;
use std::path::{Path, PathBuf};

/// A raw data set and the hand files the importer keeps beside its output.
pub struct RawSet {
    /// The folder of Utopia's JSON files.
    pub raw: PathBuf,
    /// The corrections file the import applies.
    pub corrections: String,
    /// The hand-written formats file of the database.
    pub formats: Vec<u8>,
}

impl RawSet {
    /// A database directory holding the hand files (corrections, formats),
    /// as the importer finds `data/staw`.
    pub fn out_dir(&self, t: &tempfile::TempDir) -> PathBuf {
        let out = t.path().join("staw");
        std::fs::create_dir_all(&out).unwrap();
        std::fs::write(out.join("corrections.toml"), &self.corrections).unwrap();
        std::fs::write(out.join("formats.toml"), &self.formats).unwrap();
        out
    }

    /// A copy of the raw data in a temporary directory, to break.
    pub fn copy(&self) -> tempfile::TempDir {
        let t = tempfile::tempdir().unwrap();
        for e in std::fs::read_dir(&self.raw).unwrap() {
            let p = e.unwrap().path();
            std::fs::copy(&p, t.path().join(p.file_name().unwrap())).unwrap();
        }
        t
    }

    /// A copy of the raw data with `f` applied to the JSON of `file`.
    pub fn edited(&self, file: &str, f: impl FnOnce(&mut serde_json::Value)) -> tempfile::TempDir {
        let t = self.copy();
        let p = t.path().join(file);
        let mut v: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(&p).unwrap()).unwrap();
        f(&mut v);
        std::fs::write(&p, serde_json::to_string(&v).unwrap()).unwrap();
        t
    }

    /// Runs the importer CLI on a broken copy of the raw data into a
    /// database directory that already holds files; checks exit 2, the
    /// message, and that nothing was written.
    pub fn assert_import_fails(&self, raw: &Path, expect: &[&str]) {
        let t = tempfile::tempdir().unwrap();
        let db = self.out_dir(&t);
        let before = tree(t.path());
        let out = crate::support::Dev::new()
            .args(["import-utopia"])
            .arg(raw)
            .arg("--out")
            .arg(&db)
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{stderr}");
        for e in expect {
            assert!(stderr.contains(e), "{e:?} not in {stderr}");
        }
        assert!(stderr.contains("nothing was written"), "{stderr}");
        assert_eq!(tree(t.path()), before, "the database directory changed");
    }

    /// Sets `field` of card `id` in `file` to `value`, and checks that the
    /// import fails with every one of `expect`.
    pub fn assert_field_refused(
        &self,
        file: &str,
        id: &str,
        field: &str,
        value: serde_json::Value,
        expect: &[&str],
    ) {
        let raw = self.edited(file, |v| entry(v, id)[field] = value);
        self.assert_import_fails(raw.path(), expect);
    }

    /// Two imports into fresh directories, and a re-import over one of
    /// them, give the same bytes; the hand files are kept as written and no
    /// temporary directory is left beside the database.
    pub fn assert_deterministic(&self) {
        let a = tempfile::tempdir().unwrap();
        let b = tempfile::tempdir().unwrap();
        let (oa, ob) = (self.out_dir(&a), self.out_dir(&b));
        import::run(&self.raw, &oa).unwrap();
        import::run(&self.raw, &ob).unwrap();
        import::run(&self.raw, &ob).unwrap();
        let ta = tree(&oa);
        let tb = tree(&ob);
        assert_eq!(ta.keys().collect::<Vec<_>>(), tb.keys().collect::<Vec<_>>());
        for (k, v) in &ta {
            assert!(v == &tb[k], "{k} differs between two imports");
        }
        assert_eq!(ta["formats.toml"], self.formats);
        assert_eq!(ta["corrections.toml"], self.corrections.as_bytes());
        assert!(ta.contains_key("cards/ships/federation.toml"));
        assert!(ta.contains_key("cards/upgrades/crew-federation.toml"));
        let left: Vec<_> = std::fs::read_dir(a.path())
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        assert_eq!(left, vec![std::ffi::OsString::from("staw")]);
    }

    /// A correction naming no card is refused, naming it, and nothing is
    /// written.
    pub fn assert_unknown_correction_refused(&self, out: &Path) {
        std::fs::write(
            out.join("corrections.toml"),
            "[[correction]]\nid = \"NOPE1\"\nreason = \"x\"\nset = { cost = 1 }\n",
        )
        .unwrap();
        let before = tree(out);
        let e = import::run(&self.raw, out).unwrap_err().to_string();
        assert!(e.contains("corrections.toml") && e.contains("NOPE1"), "{e}");
        assert_eq!(tree(out), before);
    }
}

/// The raw entry of card `id` in a parsed raw file.
pub fn entry<'a>(v: &'a mut serde_json::Value, id: &str) -> &'a mut serde_json::Value {
    v.as_array_mut()
        .unwrap()
        .iter_mut()
        .find(|c| c["id"] == id)
        .unwrap()
}
