echo x > s; install -C -v s s2; install -C -v s s2; echo same
