export LC_ALL=C
mkdir -p src node_modules/x; touch src/a.rs src/b.txt README; tree -I node_modules; tree -I "*.txt|README"
