mkdir sub; cd sub
realpath --relative-to=.. .
