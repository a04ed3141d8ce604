# check-stderr
if then
