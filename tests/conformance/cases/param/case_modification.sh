v=hello
V=HELLO
echo ${v^} ${v^^} ${V,} ${V,,}
