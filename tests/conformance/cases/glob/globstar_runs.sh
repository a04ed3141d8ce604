# `**` runs collapse to one walk (same matches as bash), a literal segment
# before `**` is checked, and a last `**` after another one gives bare bases.
mkdir -p /tmp/globstar_runs && cd /tmp/globstar_runs && mkdir -p a/b/c d/e && touch a/x a/b/x a/b/c/x d/x top
shopt -s globstar
echo **/x
echo **/**/x
echo **/b/**/x
echo **/**
echo ** | wc -w
echo a/**/
echo **/**/
echo a/**/**
echo a/**/**/**
echo **/**/**
echo a/**/b/**
echo **/c/**/**
