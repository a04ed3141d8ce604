# $(< file) is the file's contents (trailing newlines removed).
printf 'one\ntwo\n\n' > f
x=$(< f)
echo "[$x]"
echo "[$(<f)]"
echo "[`< f`]"
echo "[$(0< f)]"
lines=$(< f)
set -- $lines
echo "$# words"
# With anything else in the body it is a plain redirection: no output.
echo "[$(< f; echo end)]"
echo "[$(echo begin; < f)]"
echo "[$(< missing)] status $?" 2>/dev/null
