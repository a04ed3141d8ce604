ulimit -Sn 500; ( ulimit -Sn 70 ); ulimit -n
