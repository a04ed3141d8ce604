touch app.js app.ts lib.rs main.rs notes
shopt -s extglob
echo *.@(js|ts)
echo !(*.rs)
echo +(m)ain.rs ?(x)notes
shopt -u extglob
echo "@(x)" "+(m)" *.js
