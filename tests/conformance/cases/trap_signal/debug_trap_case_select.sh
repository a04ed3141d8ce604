# `case` shows `case WORD in ` (with its trailing blank) to the DEBUG trap
# before the subject expands; `select` shows its header once, before its
# words expand, even when there are none.
trap 'echo "D: $BASH_COMMAND ($LINENO)"' DEBUG
x=b
case "$x"  in
a) echo a ;;
b) echo b ;;
esac
case $x in (b) ;; esac
select s in one  "two"; do echo "$s"; break; done <<EOF
2
EOF
select s in; do :; done
trap - DEBUG
echo end
