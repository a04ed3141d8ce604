# check-stderr
ionice true; echo "[$?]"
ionice -c 3 echo x; echo "[$?]"
ionice -c 2 -n 7 echo y; echo "[$?]"
ionice -c idle echo z; echo "[$?]"
ionice -c best-effort -n0 sh -c 'exit 4'; echo "[$?]"
