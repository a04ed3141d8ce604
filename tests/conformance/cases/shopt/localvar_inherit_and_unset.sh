# localvar_inherit: a new local starts with the shadowed value and attributes; localvar_unset: unset of a caller's local keeps it declared and unset.
shopt -s localvar_inherit
declare -i n=5; declare -a arr=(1 2); export e=ex; x=glob
f() { local n arr e x; declare -p n arr e x; local n=2+3; echo "n=$n"; x=changed; }
f; echo "global n=$n x=$x"
h() { local x=own; k; }; k() { local x; echo "k sees [$x]"; }; h
shopt -u localvar_inherit
f2() { local x; echo "without inherit [${x-unset}]"; }; f2
shopt -s localvar_unset
outer() { local y=l; inner; echo "after inner: [${y-unset}]"; }
inner() { unset y; }
y=g; outer; echo "global y=$y"
shopt -u localvar_unset
outer; echo "global y=$y"
