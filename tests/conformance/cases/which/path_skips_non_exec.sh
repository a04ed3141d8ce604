d=/tmp/which_case_ne; mkdir -p $d/a $d/b; touch $d/a/tl; printf 'x\n' > $d/b/tl; chmod +x $d/b/tl
PATH=$d/a:$d/b:$PATH which tl; rm -r $d
