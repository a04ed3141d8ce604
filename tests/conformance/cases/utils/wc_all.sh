printf 'one two\nthree\n' > f
wc f
