# check-stderr
if cd nosuch; then echo yes; else echo no; fi
