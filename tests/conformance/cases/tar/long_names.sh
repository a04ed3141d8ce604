n=$(printf 'x%.0s' $(seq 1 120))
mkdir -p "d/$n/$n"; printf 'long\n' > "d/$n/$n/file_with_a_long_name_$n"
tar cf a.tar d && mkdir x && tar xf a.tar -C x; echo "status $?"
tar tf a.tar | awk '{ print length($0) }'
cat "x/d/$n/$n/file_with_a_long_name_$n"
