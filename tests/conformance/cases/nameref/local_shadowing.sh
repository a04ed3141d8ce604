x=global
f() { local x=local; local -n r=x; echo "$r"; }
f
g() { local -n r=x; echo "$r"; }
g
