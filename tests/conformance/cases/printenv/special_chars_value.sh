export SP='$HOME *'
printenv SP
