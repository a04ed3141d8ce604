# string manipulation: ${var//}, ${var%%}, ${var##}, ${#var}, case conversion, substrings
path=/usr/local/lib/python3.11/site-packages/foo.tar.gz
echo "length: ${#path}"
echo "basename: ${path##*/}"
echo "dirname: ${path%/*}"
echo "ext (short): ${path##*.}"
echo "ext (long): ${path#*.}"
echo "stem: ${path%%.*}"
file=${path##*/}
echo "no .gz: ${file%.gz}  no exts: ${file%%.*}"
echo "slashes->colons: ${path//\//:}"
echo "first lib->LIB: ${path/lib/LIB}"
echo "prefix replace: ${path/#\/usr/\/opt}"
echo "suffix replace: ${file/%.gz/.xz}"
title='the quick brown fox'
echo "upper: ${title^^}  first: ${title^}  each: $(for w in $title; do printf '%s ' "${w^}"; done)"
shout='HELLO World'
echo "lower: ${shout,,}  toggle: ${shout~~}"
echo "substr: ${title:4:5} tail: ${title: -3} from 10: ${title:10}"
s='  padded  value  '
trimmed=${s#"${s%%[![:space:]]*}"}
trimmed=${trimmed%"${trimmed##*[![:space:]]}"}
echo "trimmed: [$trimmed] (${#trimmed})"
csv='a,b,,c'
only_commas=${csv//[!,]/}
echo "commas: ${#only_commas} fields: $(( ${#only_commas} + 1 ))"
unset missing
echo "default: ${missing:-fallback} alt: ${title:+set} assign: ${missing:=now}; after: $missing"
name=report
echo "pattern delete all vowels: ${name//[aeiou]/}"
arr=(alpha.txt beta.txt gamma.log)
echo "array strip: ${arr[@]%.*}  array sub: ${arr[*]/#/pre_}"
