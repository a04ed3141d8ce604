printf 'one two\n' > 'my file'
rev 'my file'
