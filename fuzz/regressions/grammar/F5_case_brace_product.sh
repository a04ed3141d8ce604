! case {0..99999}''{a,b,c} in
*) ! echo
;;
esac
