printf "aa\nbcbc\nxyz\nq\n" > f
grep -e "\(a\)\1" -e "\(bc\)\1" f
grep -E -e "(x)y" -e "(q)\1" -e "(z)\1" f; echo "s=$?"
