# Process substitutions among a for loop's words, alone and joined.
for w in <(echo a) x<(true)y <(true)<(true); do
    case $w in
    /dev/fd/*/dev/fd/*) echo two ;;
    x/dev/fd/*y) echo around ;;
    /dev/fd/*) cat "$w" ;;
    esac
done
