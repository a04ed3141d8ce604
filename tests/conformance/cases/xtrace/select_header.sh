# set -x traces a select loop's header once, as written.
set -x
select x in a "b c"; do echo "it $x"; [ "$REPLY" = 2 ] && break; done <<< "1
2"
set -- p
select y; do break; done <<< 1
