printf "this is is a test\nno repeats here\nthe the end\n" > t
grep -E "\b([a-z]+) \1\b" t
grep -oE "\b([a-z]+) \1\b" t
