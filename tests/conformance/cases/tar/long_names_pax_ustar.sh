# check-stderr
n=$(printf 'y%.0s' $(seq 1 150))
mkdir d; printf 'p\n' > "d/$n"
tar cf p.tar --format=pax d && mkdir x && tar xf p.tar -C x; echo "status $?"
tar tf p.tar | awk '{ print length($0) }'
tar cf u.tar --format=ustar d; echo "status $?"
