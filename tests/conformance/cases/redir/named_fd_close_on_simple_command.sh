# `cmd {fd}>&-` closes the descriptor for that command only; `exec
# {fd}>&-` closes it for good.
exec {fd}>out
echo "closed for echo" >&"$fd" {fd}>&- 2>/dev/null || echo "echo saw it closed"
echo "after" >&"$fd" && echo "open again"
exec {fd}>&-
echo "gone" >&"$fd" 2>/dev/null || echo "closed for good"
cat out
