# Process substitutions in an assignment's value and among a loop's
# words: alone, joined to text before and after, and two in a row.
p=x<(true)y
case $p in x/dev/fd/*y) echo "joined value" ;; *) echo "no: $p" ;; esac
q=<(echo a)<(echo b)
case $q in /dev/fd/*/dev/fd/*) echo "two in one value" ;; esac
r=<(echo r) eval 'case $r in /dev/fd/*) echo "prefix of a command" ;; esac'
for w in <(echo read-me) pre<(true) "plain word"; do
    case $w in
    pre/dev/fd/*) echo "joined word" ;;
    /dev/fd/*) cat "$w" ;;
    *) echo "$w" ;;
    esac
done
select s in <(true) b; do break; done </dev/null 2>/dev/null
echo "select read ${s:-nothing}"
