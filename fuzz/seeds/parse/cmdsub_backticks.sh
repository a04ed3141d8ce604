echo `echo hi`
