for i in $(seq 1 40); do printf "xxxxxxxxxx"; done > l; echo >> l; file -b l
