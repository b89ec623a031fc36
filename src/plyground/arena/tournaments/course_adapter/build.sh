#!/bin/sh
# Compile a course bot for CourseEngine: every .java file below this folder into
# classes/ (packages kept), except the files of the course's JavaFX window (those
# that import javafx.* other than javafx.scene.control.Button, which javafx/ stands
# in for): the bot needs none of them, and without JavaFX they do not compile.
set -e
rm -rf classes
mkdir classes
find . -name '*.java' ! -path './classes/*' | sort | while IFS= read -r file; do
    if grep -Ev '^[[:space:]]*import[[:space:]]+javafx\.scene\.control\.(Button|\*)[[:space:]]*;' "$file" \
        | grep -Eq '^[[:space:]]*import[[:space:]]+(static[[:space:]]+)?javafx\.'; then
        echo "build.sh: left out $file (it uses the JavaFX window)" >&2
    else
        printf '"%s"\n' "$file"
    fi
done > classes/sources.txt
javac -encoding UTF-8 -d classes @classes/sources.txt
