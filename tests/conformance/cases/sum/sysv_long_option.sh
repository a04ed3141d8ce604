printf 'hello\n' > a; sum --sysv a; sum -s < a
