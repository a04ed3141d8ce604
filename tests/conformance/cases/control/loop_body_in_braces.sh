# A for, select or arithmetic for loop's body may be a brace group.
for i in a b; { echo "$i"; }
for ((i=0; i<2; i++)); { echo "n$i"; }
for ((i=0; i<1; i++)) { echo "m$i"; }
set -- x y
for arg; { echo "arg $arg"; }
select s in one two; { echo "chose $s"; break; } <<< 2
f() { for i in 1 2; { echo "f$i"; }; }
declare -f f
f
