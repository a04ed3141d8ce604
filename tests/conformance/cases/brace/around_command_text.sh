# Brace expansions around command substitutions, backquotes and
# parameter expansions holding them: each result runs its own copy.
n=0
echo {a,b}$(echo {c,d})
echo x{1..3}`echo y`
for w in pre{A,B}"$(echo q{1,2})"; do echo "[$w]"; done
echo {1,2}$((n+=1)) n=$n
echo {a,b}${unset:-$(echo d{e,f})}
f() { echo "f$1"; }
echo {1..2}$(f {x,y})
