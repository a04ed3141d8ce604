mkdir -p .git src/sub docs 'sp ace'
printf 'hello world\nfoo bar\nHello again\n' > a.txt
printf 'def foo():\n    return 1\n' > src/m.py
printf 'fn foo() {}\n' > src/sub/l.rs
printf '# Foo\nfoo doc\n' > docs/r.md
printf 'ignored.txt\n*.log\n' > .gitignore
echo foo > ignored.txt; echo foo > x.log; echo foo > .hidden
printf 'foo\0bar\n' > bin.dat
printf 'a\r\nfoo\r\n' > crlf.txt
printf 'x\nfoo' > nonl.txt
: > empty.txt
echo 'foo here' > 'sp ace/f s.txt'
echo 'l.rs' > src/.gitignore; cd src/sub && rg -l foo; echo $?
