IFS=:
x='a:b::c'
for w in $x; do echo "[$w]"; done
