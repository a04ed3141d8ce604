ulimit -f 100; ulimit -f; ulimit -Sf 50; ulimit -f; ulimit -Hf
