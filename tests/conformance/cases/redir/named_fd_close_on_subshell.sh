# `( ... ) {fd}>&-` closes the descriptor $fd names for the subshell only;
# `{ ...; } {fd}>&-` for the group only.
exec {fd}>out
( echo "in subshell" >&"$fd" ) {fd}>&- 2>/dev/null || echo "closed in subshell"
echo "after subshell" >&"$fd" && echo "still open"
( { echo "in group" >&"$fd"; } {fd}>&- ) 2>/dev/null || echo "closed in group"
echo "after group" >&"$fd" && echo "open again"
exec {fd}>&-
cat out
