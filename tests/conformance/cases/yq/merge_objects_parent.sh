# from mikefarah/yq docs: operators/multiply-merge "Merge objects together, returning parent object"
printf 'a:\n  field: me\n  fieldA: cat\nb:\n  field:\n    g: wizz\n  fieldB: dog\n' > sample.yml
yq '. * {"a":.b}' sample.yml
