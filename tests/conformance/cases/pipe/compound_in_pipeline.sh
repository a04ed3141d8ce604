for i in 3 1 2; do echo $i; done | sort | tr '\n' ' '; echo
