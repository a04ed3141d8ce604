//! `yq` end to end through the test harness: formats, options, errors
//! and limits.

use std::sync::Arc;

use sandbash_interpreter::memory::MemoryBudget;

use super::Yq;
use crate::testutil::{Harness, TestFs, run, run_with, run0};

fn yq(args: &[&str], stdin: &str) -> (i32, String, String) {
    let o = run0(&Yq, args, stdin.as_bytes());
    (o.status, o.out, o.err)
}

fn out(args: &[&str], stdin: &str) -> String {
    let (st, out, err) = yq(args, stdin);
    assert_eq!((st, err.as_str()), (0, ""), "{args:?}");
    out
}

#[test]
fn paths_and_select() {
    assert_eq!(out(&[".a.b"], "a:\n  b: hello\n"), "hello\n");
    assert_eq!(out(&["eval", ".a.b"], "a:\n  b: hello\n"), "hello\n");
    assert_eq!(
        out(
            &[".[] | select(.n > 1) | .name"],
            "- {name: a, n: 1}\n- {name: b, n: 2}\n"
        ),
        "b\n"
    );
    assert_eq!(out(&[".a[1]"], "a: [x, y]\n"), "y\n");
    // A missing value splats to nothing, as in yq.
    assert_eq!(out(&[".a[].b"], "a: [{b: 1}]\n---\nc: 2\n"), "1\n");
}

#[test]
fn block_style_output_as_yq_prints_it() {
    let doc = "a: {b: [1, {c: d, e: [f]}], g: []}\nh: {}\n";
    assert_eq!(
        out(&["-P", "."], doc),
        "a:\n  b:\n    - 1\n    - c: d\n      e:\n        - f\n  g: []\nh: {}\n"
    );
    assert_eq!(
        out(&["-I4", "-P", "."], "a: [1, [2, 3]]\n"),
        "a:\n    - 1\n    -   - 2\n        - 3\n"
    );
}

#[test]
fn strings_get_the_style_go_yaml_picks() {
    let doc = "a: \"true\"\nb: \"x: y\"\nc: \"\"\nd: \"12\"\ne: \" lead\"\nf: \"#x\"\ng: \"a\\tb\"\nh: \"l1\\nl2\"\ni: \"l1\\n\"\nj: \"it's\"\nk: \"- x\"\n";
    assert_eq!(
        out(&["-P", "."], doc),
        "a: \"true\"\nb: 'x: y'\nc: \"\"\nd: \"12\"\ne: ' lead'\nf: '#x'\ng: \"a\\tb\"\nh: |-\n  l1\n  l2\ni: |\n  l1\nj: it's\nk: '- x'\n"
    );
}

#[test]
fn characters_go_yaml_does_not_print_are_escaped() {
    assert_eq!(
        out(&["-P", "."], "a: \"\u{1F600}\"\nb: caf\u{e9}\n"),
        "a: \"\\U0001F600\"\nb: caf\u{e9}\n"
    );
}

#[test]
fn json_in_and_out() {
    assert_eq!(
        out(&["-o", "json", "."], "a: [1, x]\n"),
        "{\n  \"a\": [\n    1,\n    \"x\"\n  ]\n}\n"
    );
    assert_eq!(
        out(&["-o=json", "-I0", "."], "a: [1, x]\n"),
        "{\"a\":[1,\"x\"]}\n"
    );
    assert_eq!(out(&["-oj", ".a"], "a: x\n"), "\"x\"\n");
    assert_eq!(out(&["-oj", "-r", ".a"], "a: x\n"), "x\n");
    assert_eq!(
        out(&["-p", "json", "."], "{\"a\": {\"b\": \"1\"}}"),
        "a:\n  b: \"1\"\n"
    );
}

#[test]
fn documents_and_separators() {
    assert_eq!(out(&[".a"], "a: 1\n---\na: 2\n"), "1\n---\n2\n");
    assert_eq!(out(&["-N", ".a"], "a: 1\n---\na: 2\n"), "1\n2\n");
    assert_eq!(out(&[".[]"], "[1, 2]\n"), "1\n2\n");
}

#[test]
fn anchors_aliases_and_merge_keys() {
    let doc = "base: &b {x: 1, y: 2}\nuse:\n  <<: *b\n  y: 3\nref: *b\n";
    assert_eq!(
        out(&["-o", "json", "-I0", "."], doc),
        "{\"base\":{\"x\":1,\"y\":2},\"use\":{\"x\":1,\"y\":3},\"ref\":{\"x\":1,\"y\":2}}\n"
    );
}

#[test]
fn null_input_and_exit_status() {
    assert_eq!(out(&["-n", ".a.b = \"c\""], ""), "a:\n  b: c\n");
    let (st, o, e) = yq(&["-e", ".x"], "a: 1\n");
    assert_eq!(
        (st, o.as_str(), e.as_str()),
        (1, "null\n", "Error: no matches found\n")
    );
    assert_eq!(yq(&["-e", ".a"], "a: 1\n").0, 0);
}

#[test]
fn in_place_rewrites_the_file() {
    let fs = TestFs::new();
    fs.file("/f.yaml", b"a:\n  b: 1\n");
    let o = run(&Yq, &["-i", ".a.b = 2 | .c = \"x\"", "/f.yaml"], b"", &fs);
    assert_eq!((o.status, o.out.as_str()), (0, ""));
    assert_eq!(fs.text("/f.yaml"), "a:\n  b: 2\nc: x\n");
}

#[test]
fn a_lone_file_operand_is_read_with_dot() {
    let fs = TestFs::new();
    fs.file("/f.yaml", b"a: 1\n");
    assert_eq!(run(&Yq, &["/f.yaml"], b"", &fs).out, "a: 1\n");
}

#[test]
fn xml_in_and_out() {
    assert_eq!(
        out(
            &["-p", "xml", "."],
            "<?xml version=\"1.0\"?>\n<cat legs=\"4\">\n  <say>meow</say>\n  <say>purr</say>\n</cat>\n"
        ),
        "+p_xml: version=\"1.0\"\ncat:\n  +@legs: \"4\"\n  say:\n    - meow\n    - purr\n"
    );
    assert_eq!(
        out(
            &["-o", "xml", "."],
            "cat:\n  +@name: tiger\n  meows: true\n"
        ),
        "<cat name=\"tiger\">\n  <meows>true</meows>\n</cat>\n"
    );
}

#[test]
fn toml_in_and_out() {
    assert_eq!(
        out(
            &["-p", "toml", "."],
            "A = \"hello\"\n[owner.contact]\nage = 36\n"
        ),
        "A: hello\nowner:\n  contact:\n    age: 36\n"
    );
    assert_eq!(
        out(
            &["-o", "toml", "."],
            "var: x\nowner:\n  contact:\n    age: 36\nlist: [1, 2]\n"
        ),
        "var = \"x\"\nlist = [1, 2]\n\n[owner.contact]\nage = 36\n"
    );
}

#[test]
fn props_and_csv() {
    assert_eq!(
        out(&["-o", "props", "."], "a:\n  b: 1\n  c: [x]\n"),
        "a.b = 1\na.c.0 = x\n"
    );
    assert_eq!(
        out(
            &["-o", "csv", "."],
            "- {a: 1, b: \"x,y\"}\n- {a: 2, b: z}\n"
        ),
        "a,b\n1,\"x,y\"\n2,z\n"
    );
}

#[test]
fn errors_are_worded_as_yq() {
    let (st, _, e) = yq(&["."], "a: b: c\n");
    assert_eq!(st, 1);
    assert_eq!(
        e,
        "Error: bad file '-': yaml: line 1: mapping values are not allowed in this context\n"
    );
    let (st, _, e) = yq(&[".", "/nope.yaml"], "");
    assert_eq!(
        (st, e.as_str()),
        (1, "Error: open /nope.yaml: no such file or directory\n")
    );
    let (st, _, e) = yq(&["--bogus"], "");
    assert_eq!((st, e.as_str()), (1, "Error: unknown flag: --bogus\n"));
}

#[test]
fn deep_nesting_is_refused_not_overflowed() {
    let deep = "[".repeat(100_000);
    let (st, _, e) = yq(&["."], &deep);
    assert_eq!(st, 1);
    assert!(e.starts_with("Error: bad file '-': yaml: "), "{e}");
    let mut block = String::new();
    for i in 0..20_000 {
        block.push_str(&" ".repeat(i));
        block.push_str("a:\n");
    }
    let (st, _, e) = yq(&["."], &block);
    assert_eq!(st, 1);
    assert!(e.contains("nesting deeper than"), "{e}");
}

#[test]
fn alias_bombs_stop_at_the_memory_limit() {
    let mut doc = String::from("a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n");
    for i in 1..12 {
        let prev = format!("*a{}", i - 1);
        doc.push_str(&format!("a{i}: &a{i} [{}]\n", vec![prev; 10].join(", ")));
    }
    let budget = Arc::new(MemoryBudget::new(16 << 20));
    let o = run_with(
        &Yq,
        &["-o", "json", "."],
        &TestFs::new(),
        Harness {
            stdin: doc.as_bytes(),
            memory: Some(budget.clone()),
            ..Harness::default()
        },
    );
    assert_eq!(o.status, 1);
    assert_eq!(o.err, "yq: memory exhausted\n");
    assert!(budget.breached());
}

#[test]
fn eval_all_merges_files_and_ireduce_is_reduce() {
    let fs = TestFs::new();
    fs.file("/a.yml", b"a: 1\nb: {c: x}\n");
    fs.file("/b.yml", b"b: {d: y}\n");
    let o = run(
        &Yq,
        &["ea", ". as $i ireduce ({}; . * $i)", "/a.yml", "/b.yml"],
        b"",
        &fs,
    );
    assert_eq!(o.out, "a: 1\nb:\n  c: x\n  d: y\n");
    let o = run(
        &Yq,
        &[
            "eval-all",
            "select(fi == 1) * select(fi == 0)",
            "/a.yml",
            "/b.yml",
        ],
        b"",
        &fs,
    );
    assert_eq!(o.out, "b:\n  d: y\n  c: x\na: 1\n");
    // Without such an idiom, eval-all runs on each document in turn.
    let o = run(&Yq, &["ea", ".b", "/a.yml", "/b.yml"], b"", &fs);
    assert_eq!(o.out, "c: x\n---\nd: y\n");
    assert_eq!(
        out(&[".[] as $x ireduce (0; . + $x)"], "[1, 2, 3]\n"),
        "6\n"
    );
}

#[test]
fn env_takes_bare_names() {
    let o = run_with(
        &Yq,
        &["-n", ".a = env(N) | .b = strenv(N)"],
        &TestFs::new(),
        Harness {
            env: vec![("N".into(), "12".into())],
            ..Harness::default()
        },
    );
    assert_eq!(o.out, "a: 12\nb: \"12\"\n");
}

#[test]
fn whole_documents_keep_their_source_unless_pretty_printed() {
    let doc = "# c\na: [1, 2] # n\nb: 'q'\n";
    assert_eq!(out(&[".a[0] = 5"], doc), "# c\na: [5, 2] # n\nb: 'q'\n");
    assert_eq!(out(&["-P", ".a[0] = 5"], doc), "a:\n  - 5\n  - 2\nb: q\n");
    assert_eq!(out(&[".a = \"dog\""], "a: &cool cat\n"), "a: &cool dog\n");
}

#[test]
fn in_place_scalar_edits_keep_comments_and_layout() {
    let fs = TestFs::new();
    let text = "# settings\nimage:\n    repo: app   # the repo\n    tag: \"1.0\" # q\nports: [80, 443]\nlist:\n- a\n- 'b'\nname: café\n";
    fs.file("/v.yaml", text.as_bytes());
    let o = run(
        &Yq,
        &[
            "-i",
            ".image.tag = \"2.0\" | .ports[1] = 8443 | .list[1] = \"x, y\" | .name = \"true\"",
            "/v.yaml",
        ],
        b"",
        &fs,
    );
    assert_eq!((o.status, o.err.as_str()), (0, ""));
    assert_eq!(
        fs.text("/v.yaml"),
        "# settings\nimage:\n    repo: app   # the repo\n    tag: \"2.0\" # q\nports: [80, 8443]\nlist:\n- a\n- x, y\nname: \"true\"\n"
    );
    // In a flow collection a string with a comma is quoted.
    fs.file("/f.yaml", b"a: [x, y]\n");
    run(&Yq, &["-i", ".a[0] = \"p,q\"", "/f.yaml"], b"", &fs);
    assert_eq!(fs.text("/f.yaml"), "a: ['p,q', y]\n");
    // New keys go after the mapping's last entry.
    fs.file(
        "/g.yaml",
        b"# kept\na: 1\nm:\n    x: 1 # c\n    y:\n      - 1\nz: 2\n",
    );
    run(
        &Yq,
        &["-i", ".b = 2 | .m.n = {p: [1]}", "/g.yaml"],
        b"",
        &fs,
    );
    assert_eq!(
        fs.text("/g.yaml"),
        "# kept\na: 1\nm:\n    x: 1 # c\n    y:\n      - 1\n    n:\n      p:\n        - 1\nz: 2\nb: 2\n"
    );
    // Removed keys take their lines with them.
    fs.file("/h.yaml", b"# kept\na: 1\nb:\n  c: 2 # c\nd: 3 # d\n");
    run(&Yq, &["-i", "del(.b) | del(.d)", "/h.yaml"], b"", &fs);
    assert_eq!(fs.text("/h.yaml"), "# kept\na: 1\n");
    // Emptying a mapping, or reordering keys, prints the file whole.
    fs.file("/j.yaml", b"# gone\nm:\n  x: 1\nn: 2\n");
    run(&Yq, &["-i", "del(.m.x)", "/j.yaml"], b"", &fs);
    assert_eq!(fs.text("/j.yaml"), "m: {}\nn: 2\n");
    fs.file("/i.yaml", b"a: 1");
    run(&Yq, &["-i", ".b = 2", "/i.yaml"], b"", &fs);
    assert_eq!(fs.text("/i.yaml"), "a: 1\nb: 2\n");
}

#[test]
fn multi_document_edits_keep_the_source_too() {
    let doc = "# one\nkind: A\nn: 1\n---\n# two\nkind: B\nn: 2\n";
    assert_eq!(
        out(&["(select(.kind == \"B\") | .n) = 3"], doc),
        "# one\nkind: A\nn: 1\n---\n# two\nkind: B\nn: 3\n"
    );
    // A document without a result: the results are printed anew.
    assert_eq!(out(&["select(.kind == \"B\")"], doc), "kind: B\nn: 2\n");
    assert_eq!(out(&[".n"], doc), "1\n---\n2\n");
}

#[test]
fn mangled_inputs_never_panic() {
    // A small deterministic mutation run over each input format.
    let seeds: &[(&str, &str)] = &[
        (
            "yaml",
            "a: &x [1, {b: \"c\\n\"}]\nd: *x\ne: |\n  lit\n---\n- !!str 1\n- <<: {k: v}\n",
        ),
        ("json", "{\"a\": [1, 2.5, \"x\"], \"b\": {\"c\": null}}\n"),
        (
            "xml",
            "<?xml version=\"1.0\"?><a x=\"1\">t<b>&amp;</b><b/><![CDATA[z]]></a>",
        ),
        (
            "toml",
            "a = 1\n[t]\nb = [1, {c = 2}]\n[[arr]]\nd = 1979-05-27T07:32:00Z\n",
        ),
        ("props", "a.b = 1\na.c.0 = x\n"),
        ("csv", "h1,h2\n1,\"x,y\"\n"),
    ];
    let mut state = 0x2545_f491_4f6c_dd1du64;
    let mut next = || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let alphabet = b"[]{}:,-&*!|>'\"#%@`<>/=?\n \t.0x\\\xc3\xa9";
    for (fmt, seed) in seeds {
        for _ in 0..12 {
            let mut b = seed.as_bytes().to_vec();
            for _ in 0..(next() % 4 + 1) {
                let at = (next() as usize) % (b.len() + 1);
                let c = alphabet[(next() as usize) % alphabet.len()];
                match next() % 3 {
                    0 => b.insert(at, c),
                    1 if at < b.len() => {
                        b.remove(at);
                    }
                    _ if at < b.len() => b[at] = c,
                    _ => {}
                }
            }
            let text = String::from_utf8_lossy(&b).into_owned();
            for out_fmt in ["yaml", "json", "xml", "toml", "props", "csv"] {
                let o = run0(&Yq, &["-p", fmt, "-o", out_fmt, "."], text.as_bytes());
                assert!(o.status == 0 || o.status == 1, "{fmt} {out_fmt} {text:?}");
            }
        }
    }
}
