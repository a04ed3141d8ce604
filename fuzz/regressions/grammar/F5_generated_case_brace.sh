shopt -s extglob
case {0..99999}${BASH_REMATCH[*]} in
*) ! echo
;;
esac
