# `{name}>file` after a compound command opens the lowest free descriptor
# from 10 for it and stores its number in the variable; as with `exec`,
# bash leaves it open afterwards.
{ echo "to g" >&"$g"; echo "g is open"; } {g}>f1
cat f1
(( g >= 10 )) && echo "g named"
echo "more" >&"$g" && cat f1
printf 'x\ny\n' > inp
while read -r l <&"$fd"; do echo "read $l"; done {fd}<inp
(( fd >= 10 && fd != g )) && echo "fd named"
if true; then echo "in if" >&"$h"; fi {h}>f2
cat f2
for i in 1 2; do echo "$i" >&"$k"; done {k}>>f3
cat f3
case x in x) echo "in case" >&"$c" ;; esac {c}>f4
cat f4
exec {g}>&- {fd}<&- {h}>&- {k}>&- {c}>&-
