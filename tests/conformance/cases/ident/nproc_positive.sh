n=$(nproc); [ "$n" -ge 1 ] && echo ok; n=$(nproc --ignore=100000); echo "$n"
