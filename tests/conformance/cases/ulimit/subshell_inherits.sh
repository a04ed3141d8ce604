( ulimit -Sn 70; ulimit -n; ( ulimit -n ) ); ulimit -Sn 80; (ulimit -n); bash -c "ulimit -n"
