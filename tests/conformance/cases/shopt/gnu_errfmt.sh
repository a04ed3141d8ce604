# shopt -s gnu_errfmt: the shell's messages read name:line:, builtins' keep line N:.
shopt -s gnu_errfmt
bogus 2>&1
f() { bogus; }; f 2>&1
(echo ${x?is unset}) 2>&1
cd /nonexistent 2>&1
shopt -u gnu_errfmt
bogus 2>&1
echo done
