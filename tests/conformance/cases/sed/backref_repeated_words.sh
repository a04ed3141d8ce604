printf "this is is a test\nthe the the end\nno repeat\n" > f
sed -E "s/\b([a-z]+)( \1\b)+/\1/g" f
sed -n -E "/\b([a-z]+) \1\b/=" f
