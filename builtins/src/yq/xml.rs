//! XML in and out as yq maps it: an element is a mapping of its content
//! (`+content`, a sequence when the text is split by children), its
//! attributes (`+@name`) and its child elements (repeated names become a
//! sequence); an element with only text is that text, an empty one the
//! empty string; every value is a string. Processing instructions are
//! `+p_TARGET` keys, directives (`<!DOCTYPE ...>`) `+directive`.
//! Comments are dropped. Parsing is quick-xml's, without recursion, at
//! most [`MAX_DEPTH`] elements deep, each piece charged to the memory
//! budget.

use jaq_json::{Map, Rc, Val};
use quick_xml::events::Event;
use sandbash_interpreter::memory::Charge;

use super::yaml_out::scalar_text;

/// Deepest element nesting accepted.
pub const MAX_DEPTH: usize = 10_000;

/// An element being read.
struct Elem {
    name: String,
    attrs: Vec<(String, String)>,
    children: Map,
    text: Vec<String>,
    piece: String,
}

impl Elem {
    fn new(name: String) -> Self {
        Self {
            name,
            attrs: Vec::new(),
            children: Map::default(),
            text: Vec::new(),
            piece: String::new(),
        }
    }

    /// Ends the current run of text.
    fn cut(&mut self) {
        let t = self.piece.trim();
        if !t.is_empty() {
            self.text.push(t.to_string());
        }
        self.piece.clear();
    }

    fn add(&mut self, name: String, v: Val) {
        let k = Val::utf8_str(name.into_bytes());
        match self.children.get_mut(&k) {
            Some(Val::Arr(a)) => Rc::make_mut(a).push(v),
            Some(old) => {
                let first = std::mem::replace(old, Val::Null);
                *old = Val::Arr(Rc::new(vec![first, v]));
            }
            None => {
                self.children.insert(k, v);
            }
        }
    }

    fn value(mut self, attr_prefix: &str, content: &str) -> Val {
        self.cut();
        let text = || -> Val {
            match self.text.len() {
                0 => Val::utf8_str(Vec::new()),
                1 => Val::utf8_str(self.text.first().cloned().unwrap_or_default().into_bytes()),
                _ => Val::Arr(Rc::new(
                    self.text
                        .iter()
                        .map(|t| Val::utf8_str(t.clone().into_bytes()))
                        .collect(),
                )),
            }
        };
        if self.attrs.is_empty() && self.children.is_empty() {
            return text();
        }
        let mut m = Map::default();
        if !self.text.is_empty() {
            m.insert(Val::utf8_str(content.as_bytes().to_vec()), text());
        }
        for (k, v) in &self.attrs {
            m.insert(
                Val::utf8_str(format!("{attr_prefix}{k}").into_bytes()),
                Val::utf8_str(v.clone().into_bytes()),
            );
        }
        for (k, v) in self.children {
            m.insert(k, v);
        }
        Val::obj(m)
    }
}

fn entity(name: &str) -> Option<char> {
    Some(match name {
        "amp" => '&',
        "lt" => '<',
        "gt" => '>',
        "quot" => '"',
        "apos" => '\'',
        _ => return None,
    })
}

/// Parses an XML document; `Err(None)` when the memory budget refuses.
pub fn parse(
    text: &str,
    attr_prefix: &str,
    content: &str,
    charge: &mut Charge,
) -> Result<Val, Option<String>> {
    let mut r = quick_xml::Reader::from_str(text);
    let mut stack: Vec<Elem> = vec![Elem::new(String::new())];
    loop {
        let ev = r.read_event().map_err(|e| Some(format!("xml: {e}")))?;
        let size = 48
            + match &ev {
                Event::Text(t) => t.len() as u64,
                Event::Start(s) | Event::Empty(s) => s.len() as u64,
                _ => 0,
            };
        if !charge.grow(size) {
            return Err(None);
        }
        let top = stack.len();
        let empty = matches!(ev, Event::Empty(_));
        match ev {
            Event::Eof => break,
            Event::Start(s) | Event::Empty(s) => {
                if top > MAX_DEPTH {
                    return Err(Some(format!(
                        "xml: elements nested deeper than {MAX_DEPTH}"
                    )));
                }
                if let Some(p) = stack.last_mut() {
                    p.cut();
                }
                stack.push(open(&s)?);
                if empty {
                    close(&mut stack, attr_prefix, content)?;
                }
            }
            Event::End(_) => {
                if stack.len() <= 1 {
                    return Err(Some("xml: unexpected end element".into()));
                }
                close(&mut stack, attr_prefix, content)?;
            }
            Event::Text(t) => {
                if let Some(e) = stack.last_mut() {
                    e.piece.push_str(&t.xml10_content());
                }
            }
            Event::CData(t) => {
                if let Some(e) = stack.last_mut() {
                    e.piece.push_str(t.as_ref());
                }
            }
            Event::GeneralRef(g) => {
                if let Some(e) = stack.last_mut() {
                    let name = g.xml10_content().into_owned();
                    match g.resolve_char_ref() {
                        Ok(Some(c)) => e.piece.push(c),
                        _ => match entity(&name) {
                            Some(c) => e.piece.push(c),
                            None => {
                                e.piece.push('&');
                                e.piece.push_str(&name);
                                e.piece.push(';');
                            }
                        },
                    }
                }
            }
            Event::Comment(_) => {
                if let Some(e) = stack.last_mut() {
                    e.cut();
                }
            }
            Event::Decl(d) => {
                let raw: String = AsRef::<str>::as_ref(&d).to_string();
                let body = raw.trim_start_matches("xml").trim().to_string();
                if let Some(e) = stack.last_mut() {
                    e.children.insert(
                        Val::utf8_str(b"+p_xml".to_vec()),
                        Val::utf8_str(body.into_bytes()),
                    );
                }
            }
            Event::PI(p) => {
                let target = p.target().to_string();
                let body = p.content().trim().to_string();
                if let Some(e) = stack.last_mut() {
                    e.cut();
                    e.children.insert(
                        Val::utf8_str(format!("+p_{target}").into_bytes()),
                        Val::utf8_str(body.into_bytes()),
                    );
                }
            }
            Event::DocType(d) => {
                let body = format!("DOCTYPE {}", AsRef::<str>::as_ref(&d).trim());
                if let Some(e) = stack.last_mut() {
                    e.children.insert(
                        Val::utf8_str(b"+directive".to_vec()),
                        Val::utf8_str(body.into_bytes()),
                    );
                }
            }
        }
    }
    if stack.len() > 1 {
        return Err(Some("xml: unexpected EOF".into()));
    }
    let root = stack.pop().map(|e| e.children).unwrap_or_default();
    Ok(Val::obj(root))
}

/// A start tag's element, with its attributes.
fn open(s: &quick_xml::events::BytesStart<'_>) -> Result<Elem, Option<String>> {
    let name = AsRef::<str>::as_ref(&s.name()).to_string();
    let mut e = Elem::new(name);
    for a in s.attributes().with_checks(false) {
        let a = a.map_err(|e| Some(format!("xml: {e}")))?;
        let k = AsRef::<str>::as_ref(&a.key).to_string();
        let v = a
            .normalized_value(quick_xml::XmlVersion::Implicit1_0)
            .map(|c| c.into_owned())
            .unwrap_or_else(|_| a.value.to_string());
        e.attrs.push((k, v));
    }
    Ok(e)
}

fn close(stack: &mut Vec<Elem>, attr_prefix: &str, content: &str) -> Result<(), Option<String>> {
    let e = stack.pop().ok_or(None)?;
    let name = e.name.clone();
    let v = e.value(attr_prefix, content);
    match stack.last_mut() {
        Some(p) => p.add(name, v),
        None => return Err(Some("xml: unbalanced".into())),
    }
    Ok(())
}

/// Escapes text as Go's XML encoder does.
fn escape(out: &mut Vec<u8>, s: &str, attr: bool) {
    for c in s.chars() {
        match c {
            '&' => out.extend_from_slice(b"&amp;"),
            '<' => out.extend_from_slice(b"&lt;"),
            '>' => out.extend_from_slice(b"&gt;"),
            '"' => out.extend_from_slice(b"&#34;"),
            '\'' => out.extend_from_slice(b"&#39;"),
            '\t' => out.extend_from_slice(b"&#x9;"),
            '\r' => out.extend_from_slice(b"&#xD;"),
            '\n' if attr => out.extend_from_slice(b"&#xA;"),
            c => {
                let mut b = [0u8; 4];
                out.extend_from_slice(c.encode_utf8(&mut b).as_bytes());
            }
        }
    }
}

/// Writes a value as XML, children indented by `indent` spaces.
pub fn write(out: &mut Vec<u8>, v: &Val, indent: usize, attr_prefix: &str, content: &str) {
    match v {
        Val::Obj(o) => {
            for (k, val) in o.iter() {
                let k = scalar_text(k);
                if let Some(t) = k.strip_prefix("+p_") {
                    out.extend_from_slice(format!("<?{t} {}?>\n", scalar_text(val)).as_bytes());
                } else if k == "+directive" {
                    out.extend_from_slice(format!("<!{}>\n", scalar_text(val)).as_bytes());
                } else {
                    element(out, &k, val, 0, indent, attr_prefix, content);
                    out.push(b'\n');
                }
            }
        }
        Val::Arr(a) => {
            for item in a.iter() {
                write(out, item, indent, attr_prefix, content);
            }
        }
        other => {
            escape(out, &scalar_text(other), false);
            out.push(b'\n');
        }
    }
}

fn element(
    out: &mut Vec<u8>,
    name: &str,
    v: &Val,
    level: usize,
    indent: usize,
    attr_prefix: &str,
    content: &str,
) {
    match v {
        Val::Arr(a) => {
            for (i, item) in a.iter().enumerate() {
                if i > 0 {
                    out.push(b'\n');
                    out.extend(std::iter::repeat_n(b' ', level * indent));
                }
                element(out, name, item, level, indent, attr_prefix, content);
            }
        }
        Val::Obj(o) => {
            out.push(b'<');
            out.extend_from_slice(name.as_bytes());
            for (k, val) in o.iter() {
                let k = scalar_text(k);
                if let Some(a) = k
                    .strip_prefix(attr_prefix)
                    .filter(|_| !attr_prefix.is_empty())
                {
                    out.push(b' ');
                    out.extend_from_slice(a.as_bytes());
                    out.extend_from_slice(b"=\"");
                    escape(out, &scalar_text(val), true);
                    out.push(b'"');
                }
            }
            out.push(b'>');
            let mut children = false;
            for (k, val) in o.iter() {
                let k = scalar_text(k);
                if !attr_prefix.is_empty() && k.starts_with(attr_prefix) {
                    continue;
                }
                if k == content {
                    match val {
                        Val::Arr(a) => {
                            for t in a.iter() {
                                escape(out, &scalar_text(t), false);
                            }
                        }
                        other => escape(out, &scalar_text(other), false),
                    }
                } else if let Some(t) = k.strip_prefix("+p_") {
                    out.extend_from_slice(format!("<?{t} {}?>", scalar_text(val)).as_bytes());
                } else if k == "+directive" {
                    out.extend_from_slice(format!("<!{}>", scalar_text(val)).as_bytes());
                } else {
                    children = true;
                    out.push(b'\n');
                    out.extend(std::iter::repeat_n(b' ', (level + 1) * indent));
                    element(out, &k, val, level + 1, indent, attr_prefix, content);
                }
            }
            if children {
                out.push(b'\n');
                out.extend(std::iter::repeat_n(b' ', level * indent));
            }
            out.extend_from_slice(format!("</{name}>").as_bytes());
        }
        other => {
            out.extend_from_slice(format!("<{name}>").as_bytes());
            escape(out, &scalar_text(other), false);
            out.extend_from_slice(format!("</{name}>").as_bytes());
        }
    }
}
