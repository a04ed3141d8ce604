uname
