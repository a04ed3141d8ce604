# check-stderr
# In $( ) and backquotes the menu still goes to stderr; only the body's
# output is captured. Nested in if/while/case/subshell bodies too.
r=$(select x in a b c; do echo "in $x"; break; done <<<3)
echo "r=$r"
r=`select x in a b c; do echo "bq $x"; break; done <<<1`
echo "r=$r"
if true; then
    while :; do
        case go in
        go) ( select x in p q; do echo "deep $x"; break; done <<<2 ) ;;
        esac
        break
    done
fi
