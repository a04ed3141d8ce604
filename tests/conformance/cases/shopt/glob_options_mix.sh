mkdir -p src/a/b docs; touch src/x.c src/a/y.c src/a/b/z.c docs/README.md docs/Guide.MD .env
shopt -s globstar nullglob
echo src/**/*.c
echo "[$(echo none*.txt)]"
shopt -s nocaseglob
echo docs/*.md
shopt -u nocaseglob nullglob
shopt -s dotglob
echo .e* *
shopt -u dotglob
shopt -s nocasematch
[[ ABC == abc ]] && echo "nocase match"
case XY in xy) echo "case nocase";; esac
shopt -u nocasematch
shopt -s failglob
echo nomatch* ; echo "status=$?"
shopt -u failglob
shopt -p globstar nocaseglob dotglob
shopt -q globstar; echo "q=$?"
set -o | grep -E '^(noglob|pipefail)'
set -f; echo *; set +f
shopt -s extglob
x=file.tar.gz; echo "${x%%.@(tar|gz)*}"
[[ abc == @(a|x)bc ]] && echo "extglob in [["
