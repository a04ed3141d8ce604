echo {a..e}
